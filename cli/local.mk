# cli: (layer not yet built)
