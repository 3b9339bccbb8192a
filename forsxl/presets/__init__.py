"""Presets (R12): YAML files with the same keys as the Config sheet."""
