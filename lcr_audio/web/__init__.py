"""The browser client (issue 24): the page served on the table server's port, and for each browser tab
the terminal's own screens, heard and played through the page (docs/browser.md)."""
