"""The pure rules engine: stdlib only, every rule of RULES.md in the module named after its section."""
