"""Food Fight: four players, towers of salt cards, health tracks and Fortune cards."""
