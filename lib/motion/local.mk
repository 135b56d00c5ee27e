# lib/motion: (layer not yet built)
