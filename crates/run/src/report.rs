//! What a run shows: per buffer the first elements, min, max, a checksum and which elements
//! changed; the kernel time; as text or JSON. Plain data, built from the bytes before and
//! after.

use serde::Serialize;
use serde_json::Value as Json;
use speclint_base::run::kernel::ScalarType;
use speclint_base::run::runner::{DeviceMessage, MessageSeverity};
use speclint_base::run::values::{element_value, format_element};

#[derive(Debug, Serialize)]
pub struct RunReport {
    pub file: String,
    pub kernel: String,
    pub device: String,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Kernel time from device events, in milliseconds.
    pub kernel_ms: Option<f64>,
    /// The whole worker round trip (start, build, copies, launch), in milliseconds.
    pub wall_ms: f64,
    pub messages: Vec<DeviceMessage>,
    pub buffers: Vec<BufferReport>,
}

#[derive(Debug, Serialize)]
pub struct BufferReport {
    pub name: String,
    pub element: ScalarType,
    pub elements: u64,
    pub first: Vec<Json>,
    /// Over the non-NaN elements; `null` when there are none.
    pub min: Json,
    pub max: Json,
    pub nans: u64,
    /// FNV-1a (64-bit) of the bytes, in hex: equal contents, equal checksums.
    pub checksum: String,
    pub changed: u64,
    /// The first runs of changed elements, as inclusive index ranges.
    pub changed_ranges: Vec<[u64; 2]>,
}

/// How many runs of changed elements a report lists.
const RANGES_SHOWN: usize = 8;

impl BufferReport {
    pub fn new(
        name: &str,
        element: ScalarType,
        before: &[u8],
        after: &[u8],
        show: usize,
    ) -> BufferReport {
        let size = element.size();
        let elements: Vec<&[u8]> = after.chunks_exact(size).collect();
        // Each extreme with its element's bytes, which print it in its own type.
        type Extreme<'b> = Option<(f64, &'b [u8])>;
        let (mut min, mut max): (Extreme, Extreme) = (None, None);
        let mut nans = 0;
        for bytes in &elements {
            let value = element_value(bytes, element);
            if value.is_nan() {
                nans += 1;
                continue;
            }
            if min.is_none_or(|(m, _)| value < m) {
                min = Some((value, bytes));
            }
            if max.is_none_or(|(m, _)| value > m) {
                max = Some((value, bytes));
            }
        }
        let mut changed = 0;
        let mut ranges: Vec<[u64; 2]> = Vec::new();
        for (index, (old, new)) in before.chunks_exact(size).zip(&elements).enumerate() {
            if old != *new {
                changed += 1;
                let index = index as u64;
                let shown = ranges.len();
                match ranges.last_mut() {
                    Some(last) if last[1] + 1 == index => last[1] = index,
                    _ if shown < RANGES_SHOWN => ranges.push([index, index]),
                    _ => {}
                }
            }
        }
        BufferReport {
            name: name.to_string(),
            element,
            elements: elements.len() as u64,
            first: elements
                .iter()
                .take(show)
                .map(|b| json_element(b, element))
                .collect(),
            min: min.map_or(Json::Null, |(_, b)| json_element(b, element)),
            max: max.map_or(Json::Null, |(_, b)| json_element(b, element)),
            nans,
            checksum: format!("{:016x}", fnv1a64(after)),
            changed,
            changed_ranges: ranges,
        }
    }
}

/// An element as JSON: integers exactly, finite floats as numbers, others as strings
/// ("inf", "-inf", "NaN").
fn json_element(bytes: &[u8], element: ScalarType) -> Json {
    let text = format_element(bytes, element);
    if element.is_float() {
        let value = element_value(bytes, element);
        if value.is_finite() {
            return serde_json::Number::from_f64(value).map_or(Json::String(text), Json::Number);
        }
        return Json::String(text);
    }
    serde_json::from_str(&text).unwrap_or(Json::String(text))
}

fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn show(value: &Json) -> String {
    match value {
        Json::String(s) => s.clone(),
        Json::Null => "-".to_string(),
        // Whole floats as integers (2016, not 2016.0), like Rust's own float printing.
        Json::Number(n) if n.is_f64() => {
            let v = n.as_f64().unwrap_or_default();
            if v.fract() == 0.0 && v.abs() < 1e15 {
                format!("{}", v as i64)
            } else {
                format!("{v}")
            }
        }
        other => other.to_string(),
    }
}

fn dims(d: [u32; 3]) -> String {
    match d {
        [x, 1, 1] => x.to_string(),
        [x, y, 1] => format!("{x},{y}"),
        [x, y, z] => format!("{x},{y},{z}"),
    }
}

impl RunReport {
    /// The text report; the device's log is shown only when it has errors or warnings (JSON
    /// always has it).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let items: u64 = (0..3)
            .map(|d| u64::from(self.grid[d]) * u64::from(self.block[d]))
            .product();
        out.push_str(&format!(
            "{}: kernel `{}` on {}\n  grid {} x block {} ({items} work-items); kernel time {}\n",
            self.file,
            self.kernel,
            self.device,
            dims(self.grid),
            dims(self.block),
            match self.kernel_ms {
                Some(ms) => format!("{ms:.3} ms (device events)"),
                None => "not measured".to_string(),
            }
        ));
        for message in &self.messages {
            if message.severity != MessageSeverity::Info {
                out.push_str(&format!("  log: {}\n", message.text));
            }
        }
        for buffer in &self.buffers {
            let changed = if buffer.changed == 0 {
                "unchanged".to_string()
            } else {
                let ranges: Vec<String> = buffer
                    .changed_ranges
                    .iter()
                    .map(|[a, b]| {
                        if a == b {
                            a.to_string()
                        } else {
                            format!("{a}..{b}")
                        }
                    })
                    .collect();
                let more = if buffer.changed_ranges.len() == RANGES_SHOWN {
                    ", ..."
                } else {
                    ""
                };
                format!("{} changed ({}{more})", buffer.changed, ranges.join(", "))
            };
            let first: Vec<String> = buffer.first.iter().map(show).collect();
            let ellipsis = if (buffer.first.len() as u64) < buffer.elements {
                ", ..."
            } else {
                ""
            };
            out.push_str(&format!(
                "  {}: {}[{}], {changed}\n    [{}{ellipsis}]\n    min {}  max {}{}  checksum {}\n",
                buffer.name,
                buffer.element,
                buffer.elements,
                first.join(", "),
                show(&buffer.min),
                show(&buffer.max),
                if buffer.nans > 0 {
                    format!("  NaNs {}", buffer.nans)
                } else {
                    String::new()
                },
                buffer.checksum
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(values: &[f32]) -> Vec<u8> {
        values.iter().flat_map(|v| v.to_le_bytes()).collect()
    }

    #[test]
    fn a_buffer_is_summarised() {
        let before = f32s(&[0.0, 0.0, 0.0, 0.0, 0.0]);
        let after = f32s(&[1.0, 0.0, -2.5, f32::NAN, 0.0]);
        let report = BufferReport::new("c", ScalarType::F32, &before, &after, 2);
        assert_eq!(report.first, vec![Json::from(1.0), Json::from(0.0)]);
        assert_eq!(report.min, Json::from(-2.5));
        assert_eq!(report.max, Json::from(1.0));
        assert_eq!(report.nans, 1);
        assert_eq!(report.changed, 3);
        assert_eq!(report.changed_ranges, vec![[0, 0], [2, 3]]);
        let same = BufferReport::new("c", ScalarType::F32, &after, &after, 2);
        assert_eq!(same.checksum, report.checksum);
        assert_eq!(same.changed, 0);
        assert_ne!(
            BufferReport::new("c", ScalarType::F32, &after, &before, 2).checksum,
            report.checksum
        );
    }
}
