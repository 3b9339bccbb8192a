"""Uploading: the results site sent to the club's host (issue 46), `forsxl publish BOOK --to URL`.

One module a kind of host, each through the library made for its protocol, imported only when a site goes there:
ftplib (the standard library's) for ftp:// and ftps://, paramiko for sftp://, webdav4 for webdav:// and webdavs://,
boto3 for s3://, git itself for a git repository. The libraries beyond the standard one are the optional extra
`forsxl[publish]`. send.py decides what to send (the pages whose digest differs from the host's manifest) and in
which order; the hosts only write, read and remove whole files. Like book/, publish/ and formats/, an output: it
knows files and addresses, never the tournament.
"""
