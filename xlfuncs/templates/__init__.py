"""The template workbooks: generators, and the check that the committed files are current."""
