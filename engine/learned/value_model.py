"""A small value model: a fully connected network (or a linear model, with no hidden layer) in numpy.

Why numpy and not a deep-learning package: the model is small (a few thousand weights), inference runs
a handful of times per decision inside a search, and a player installs the game with pip on any
machine; numpy is enough and is already needed by the search. Training is full-batch or mini-batch
Adam on squared error, seeded, so a training script gives the same weights on every run of the same
data.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

__all__ = ["Layer", "ValueModel", "fit"]

Array = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Layer:
    """One affine layer: ``x @ weights + bias``; every layer but the last is followed by a ReLU."""

    weights: Array
    bias: Array


@dataclass(frozen=True)
class ValueModel:
    """Features in, one value out per row. ``mean``/``scale`` standardise the features as in training."""

    layers: tuple[Layer, ...]
    mean: Array
    scale: Array

    @property
    def n_features(self) -> int:
        return int(self.mean.shape[0])

    def predict(self, features: npt.ArrayLike) -> Array:
        """Values of a batch of rows (or of one row, given as a 1-D array: then a 1-element array)."""
        x = np.atleast_2d(np.asarray(features, dtype=np.float64))
        if x.shape[1] != self.n_features:
            raise ValueError(f"the model reads {self.n_features} features, not {x.shape[1]}")
        h = (x - self.mean) / self.scale
        for i, layer in enumerate(self.layers):
            h = h @ layer.weights + layer.bias
            if i < len(self.layers) - 1:
                h = np.maximum(h, 0.0)
        out: Array = h[:, 0]
        return out

    def save(self, path: Path) -> None:
        """Write the model as one ``.npz`` (arrays only: loading never runs code)."""
        arrays: dict[str, Array] = {"mean": self.mean, "scale": self.scale}
        for i, layer in enumerate(self.layers):
            arrays[f"w{i}"] = layer.weights
            arrays[f"b{i}"] = layer.bias
        with path.open("wb") as f:
            np.savez_compressed(f, **arrays)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: Path) -> ValueModel:
        with np.load(path, allow_pickle=False) as data:
            return cls._from_arrays({k: np.asarray(data[k], dtype=np.float64) for k in data.files})

    @classmethod
    def load_packaged(cls, package: str, name: str, features: int | None = None) -> ValueModel:
        """Load weights shipped inside a package (``package`` like ``"engine.learned.weights"``); with
        ``features``, weights trained on another number of inputs are refused (the code that builds the
        rows changed since they were trained), rather than read wrongly."""
        with resources.as_file(resources.files(package) / name) as path:
            model = cls.load(Path(path))
        if features is not None and model.n_features != features:
            raise ValueError(f"{name} reads {model.n_features} features; this code gives {features}")
        return model

    @classmethod
    def _from_arrays(cls, arrays: dict[str, Array]) -> ValueModel:
        count = sum(1 for k in arrays if k.startswith("w"))
        if count == 0 or "mean" not in arrays or "scale" not in arrays:
            raise ValueError("not a value model: its arrays are missing")
        layers = tuple(Layer(arrays[f"w{i}"], arrays[f"b{i}"]) for i in range(count))
        return cls(layers, arrays["mean"], arrays["scale"])


def fit(features: npt.ArrayLike, targets: npt.ArrayLike, *, hidden: Sequence[int] = (32,),
        epochs: int = 30, batch: int = 512, rate: float = 1e-3, l2: float = 1e-5,
        seed: int = 0) -> ValueModel:
    """Train a model on ``features`` (rows) to predict ``targets`` by Adam on squared error.

    ``hidden=()`` gives a linear model. Seeded: the same data and arguments give the same weights.
    """
    x = np.asarray(features, dtype=np.float64)
    y = np.asarray(targets, dtype=np.float64).reshape(-1, 1)
    rng = np.random.default_rng(seed)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    xs = (x - mean) / scale
    sizes = [x.shape[1], *hidden, 1]
    ws = [rng.normal(0.0, np.sqrt(2.0 / a), (a, b)) for a, b in itertools.pairwise(sizes)]
    bs = [np.zeros(b) for b in sizes[1:]]
    params = [p for pair in zip(ws, bs, strict=True) for p in pair]
    m1 = [np.zeros_like(p) for p in params]
    m2 = [np.zeros_like(p) for p in params]
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(xs))
        for start in range(0, len(xs), batch):
            rows = order[start:start + batch]
            acts = [xs[rows]]
            for i in range(len(ws)):
                z = acts[-1] @ ws[i] + bs[i]
                acts.append(np.maximum(z, 0.0) if i < len(ws) - 1 else z)
            grad = 2.0 * (acts[-1] - y[rows]) / len(rows)
            grads: list[Array] = []
            for i in reversed(range(len(ws))):
                grads[:0] = [acts[i].T @ grad + l2 * ws[i], grad.sum(axis=0)]
                if i:
                    grad = (grad @ ws[i].T) * (acts[i] > 0)
            step += 1
            for j, (p, g) in enumerate(zip(params, grads, strict=True)):
                m1[j] = 0.9 * m1[j] + 0.1 * g
                m2[j] = 0.999 * m2[j] + 0.001 * g * g
                p -= rate * (m1[j] / (1 - 0.9 ** step)) / (np.sqrt(m2[j] / (1 - 0.999 ** step)) + 1e-8)
    layers = tuple(Layer(params[2 * i], params[2 * i + 1]) for i in range(len(ws)))
    return ValueModel(layers, mean, scale)
