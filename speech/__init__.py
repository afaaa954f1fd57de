"""What the player hears: words for cards and events, the announcer, and output backends."""
