//! What players write, and the host's position string.
