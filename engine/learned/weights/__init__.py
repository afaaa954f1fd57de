"""Weights of the learned values, shipped in the package (written by the training scripts in scripts/)."""
