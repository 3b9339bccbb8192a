"""s3:// through boto3, the AWS SDK: `s3://bucket/results` is the key prefix `results/` in the bucket, on AWS or any
S3-compatible storage (Yandex Object Storage, MinIO, …) named by AWS_ENDPOINT_URL or a profile's `endpoint_url`.
The keys come from where the AWS tools take them: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE and
~/.aws/credentials.

An object is replaced whole by each PUT, so a reader never sees half a page and no rename is needed. Each page is
sent as UTF-8 HTML with `Cache-Control: no-cache`, so that a phone asks again for live results.
"""

from __future__ import annotations

import mimetypes
from typing import Any

from forsxl.engine.errors import ForsxlError
from forsxl.upload.host import needs, why
from forsxl.upload.target import TIMEOUT, Target

LOGIN_REFUSED = ("InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied", "403")
DISK_FULL = ("QuotaExceeded", "EntityTooLarge")


class S3Host:
    def __init__(self, target: Target) -> None:
        try:
            import boto3
            from botocore.config import Config
        except ImportError:  # the optional extra forsxl[publish]
            raise needs(target, "boto3") from None
        self.client: Any = boto3.client("s3", config=Config(
            connect_timeout=TIMEOUT, read_timeout=TIMEOUT, retries={"max_attempts": 2}))
        self.bucket = target.host
        self.prefix = target.path.strip("/") + "/" if target.path.strip("/") else ""

    def read(self, name: str) -> bytes | None:
        try:
            answer = self.client.get_object(Bucket=self.bucket, Key=self.prefix + name)
        except self.client.exceptions.NoSuchKey:
            return None
        return bytes(answer["Body"].read())

    def write(self, name: str, data: bytes) -> None:
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        self.client.put_object(Bucket=self.bucket, Key=self.prefix + name, Body=data, CacheControl="no-cache",
                               ContentType=f"{kind}; charset=utf-8" if kind.startswith("text/") else kind)

    def remove(self, name: str) -> None:
        self.client.delete_object(Bucket=self.bucket, Key=self.prefix + name)

    def done(self) -> None:
        pass

    def close(self) -> None:
        self.client.close()


def classify(error: BaseException, target: Target) -> ForsxlError | None:
    """botocore's errors in words: no keys, keys refused, a bucket over its quota, no connection."""
    from botocore import exceptions

    if isinstance(error, exceptions.NoCredentialsError):
        return ForsxlError("", "upload_s3_keys", target=target.address)
    said = str(error.response.get("Error", {}).get("Code", "")) if isinstance(error, exceptions.ClientError) else ""
    if said in LOGIN_REFUSED:
        return ForsxlError("", "upload_login", target=target.address, why=why(error))
    if said in DISK_FULL:
        return ForsxlError("", "upload_full", target=target.address, why=why(error))
    if isinstance(error, exceptions.ConnectTimeoutError | exceptions.ReadTimeoutError):
        return ForsxlError("", "upload_timeout", target=target.address, seconds=TIMEOUT)
    if isinstance(error, exceptions.EndpointConnectionError):
        return ForsxlError("", "upload_connect", target=target.address, why=why(error))
    return None
