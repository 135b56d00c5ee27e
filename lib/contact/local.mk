# lib/contact: (layer not yet built)
