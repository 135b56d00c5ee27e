# bench: (layer not yet built)
