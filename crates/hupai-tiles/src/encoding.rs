//! Physical tiles and the card encodings used by the seed articles (filled in by the encodings work).
