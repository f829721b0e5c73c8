"""Computer player knowledge for this game (placeholder: plain MCTS)."""
