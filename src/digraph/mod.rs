//! Explicit digraphs: outcomes, kernels, generalized Sprague–Grundy values.
