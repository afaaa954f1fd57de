"""Weights of the learned values, shipped as ``.npz`` arrays (engine.learned.value_model.ValueModel.load_packaged)."""
