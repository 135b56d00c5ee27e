# lib/io: (layer not yet built)
