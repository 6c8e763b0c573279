"""Online tables (issue 16, docs/online.md): the messages (:mod:`.protocol`), a table's rules of who may do
what (:mod:`.table`), the WebSocket server (:mod:`.server`) and the client's copy of the game
(:mod:`.client`)."""
