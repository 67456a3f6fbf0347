"""Content: YAML from the packaged folders and a campaign's overrides, validated."""
