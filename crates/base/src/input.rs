//! What a language reads.

/// A file's content as read: text, or bytes a language reads in binary form.
#[derive(Clone, Copy)]
pub enum Input<'a> {
    Text(&'a str),
    Binary(&'a [u8]),
}
