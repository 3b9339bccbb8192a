"""Publishing: the tournament as pages for people to read (the results page in html.py)."""
