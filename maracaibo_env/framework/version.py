"""The package version (one place: the package, its tournament files and `maracaibo --version` read it)."""
VERSION = "0.1.0"
