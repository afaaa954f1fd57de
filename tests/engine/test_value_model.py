"""The learned value's model: training learns, is seeded, and what is saved loads back to the same values."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.learned.value_model import ValueModel, fit


def _data() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(1)
    x = rng.normal(size=(3000, 5))
    return x, 2 * x[:, 0] - np.abs(x[:, 1]) + 0.1 * rng.normal(size=3000)


def test_a_hidden_layer_learns_what_a_line_cannot() -> None:
    x, y = _data()
    line = fit(x, y, hidden=(), epochs=30, rate=3e-3)
    net = fit(x, y, hidden=(16,), epochs=30, rate=3e-3)
    assert np.mean((net.predict(x) - y) ** 2) < 0.2 < np.mean((line.predict(x) - y) ** 2)


def test_training_is_seeded_and_saved_weights_give_the_same_values(tmp_path: Path) -> None:
    x, y = _data()
    a = fit(x, y, hidden=(8,), epochs=3, seed=4)
    b = fit(x, y, hidden=(8,), epochs=3, seed=4)
    assert np.array_equal(a.predict(x), b.predict(x))
    a.save(tmp_path / "m.npz")
    assert np.array_equal(ValueModel.load(tmp_path / "m.npz").predict(x), a.predict(x))


def test_a_row_of_the_wrong_width_is_refused() -> None:
    x, y = _data()
    with pytest.raises(ValueError, match="reads 5 features"):
        fit(x, y, hidden=(), epochs=1).predict(np.zeros(4))


def test_shipped_weights_trained_on_other_inputs_are_refused_not_read_wrongly() -> None:
    model = ValueModel.load_packaged("engine.learned.weights", "five_crowns_throws.npz", 18)
    assert model.n_features == 18
    with pytest.raises(ValueError, match=r"five_crowns_throws\.npz reads 18 features; this code gives 17"):
        ValueModel.load_packaged("engine.learned.weights", "five_crowns_throws.npz", 17)
