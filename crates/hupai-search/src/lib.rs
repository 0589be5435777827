//! `hupai-search`: backtracking and suit-matrix win checks (skeleton; filled in by issue 2).
