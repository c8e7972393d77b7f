"""The players' view: a read-only live page for the table's second screen."""
