"""Data files: safe bounded YAML reading, schema validation with FILE:LINE:COLUMN
problems, and the loader that turns card and adventure files into guide.games.kaverini.model objects."""
