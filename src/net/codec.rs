//! Frames on the wire: a 4-byte big-endian length, then that many bytes of one JSON
//! message. The length is checked against [`MAX_FRAME`] before a byte of the body is
//! stored, so a peer announcing a huge frame costs nothing; the decoder takes bytes in any
//! pieces (one at a time, or many frames at once).

use super::message::{InvalidMessage, Message};

/// The largest frame body accepted: 16 KiB.
pub const MAX_FRAME: usize = 16 * 1024;

/// Why bytes from the peer could not be read as a message. Each closes the connection.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodecError {
    #[error("the peer sent a frame of {0} bytes; the limit is {MAX_FRAME}")]
    TooLarge(usize),
    #[error("the peer sent a message this program cannot read: {0}")]
    Malformed(String),
    #[error("the peer sent an invalid message: {0}")]
    Invalid(#[from] InvalidMessage),
}

/// One message as a frame: its length, then its JSON.
#[must_use]
pub fn encode(message: &Message) -> Vec<u8> {
    let body = serde_json::to_vec(message).expect("a message always serialises");
    let length = u32::try_from(body.len()).expect("a message is far below 4 GiB");
    let mut frame = Vec::with_capacity(4 + body.len());
    frame.extend_from_slice(&length.to_be_bytes());
    frame.extend_from_slice(&body);
    frame
}

/// Reads a frame body as a checked message.
pub fn decode_body(body: &[u8]) -> Result<Message, CodecError> {
    let message: Message =
        serde_json::from_slice(body).map_err(|e| CodecError::Malformed(e.to_string()))?;
    message.validate()?;
    Ok(message)
}

/// Collects bytes into frames. After an error the decoder stays broken: the connection it
/// reads is to be closed.
#[derive(Debug, Default)]
pub struct Decoder {
    header: Vec<u8>,
    body: Vec<u8>,
    /// The body length once the header is complete.
    expected: Option<usize>,
    failed: Option<CodecError>,
}

impl Decoder {
    #[must_use]
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Takes `bytes` and returns the messages they complete, or the first error.
    pub fn push(&mut self, mut bytes: &[u8]) -> Result<Vec<Message>, CodecError> {
        let mut messages = Vec::new();
        while !bytes.is_empty() {
            if let Some(error) = &self.failed {
                return Err(error.clone());
            }
            bytes = match self.step(bytes) {
                Ok((rest, Some(message))) => {
                    messages.push(message);
                    rest
                }
                Ok((rest, None)) => rest,
                Err(error) => {
                    self.failed = Some(error.clone());
                    return Err(error);
                }
            };
        }
        Ok(messages)
    }

    /// Reads header or body bytes from the front of `bytes`; returns the rest and the
    /// message finished, if any.
    fn step<'a>(&mut self, bytes: &'a [u8]) -> Result<(&'a [u8], Option<Message>), CodecError> {
        let Some(expected) = self.expected else {
            let take = (4 - self.header.len()).min(bytes.len());
            self.header.extend_from_slice(&bytes[..take]);
            if self.header.len() == 4 {
                let length = u32::from_be_bytes(self.header[..].try_into().expect("4 bytes"));
                let length = length as usize;
                if length > MAX_FRAME {
                    self.header.clear();
                    return Err(CodecError::TooLarge(length));
                }
                self.expected = Some(length);
                self.body = Vec::with_capacity(length);
                self.header.clear();
            }
            return Ok((&bytes[take..], self.finish_empty()?));
        };
        let take = (expected - self.body.len()).min(bytes.len());
        self.body.extend_from_slice(&bytes[..take]);
        let message = if self.body.len() == expected {
            self.expected = None;
            Some(decode_body(&std::mem::take(&mut self.body))?)
        } else {
            None
        };
        Ok((&bytes[take..], message))
    }

    /// A zero-length frame is complete as soon as its header is (and is malformed JSON).
    fn finish_empty(&mut self) -> Result<Option<Message>, CodecError> {
        if self.expected == Some(0) {
            self.expected = None;
            return decode_body(&[]).map(Some);
        }
        Ok(None)
    }

    /// Bytes held for a frame not yet complete (the bound a peer can make us hold).
    #[must_use]
    pub fn buffered(&self) -> usize {
        self.header.len() + self.body.capacity()
    }
}
