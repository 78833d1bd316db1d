//! Whether a type satisfies an op's type constraint as the spec-db writes it (`any`,
//! `tile<f16|f32>`, `scalar<i1>`, `tensor_view`, ...): the decision that TILE007 and TILE009
//! share.

use super::checker::is_element;
use super::types::Type;

/// Why `ty` does not satisfy the normalized type expression, or None when it does.
pub(crate) fn violates(expr: &str, ty: &Type) -> Option<String> {
    match expr {
        "any" => None,
        "token" => (!matches!(ty, Type::Token | Type::Other))
            .then(|| format!("it is a {}", ty.kind_name())),
        "tile_view" => (!matches!(ty, Type::View { .. } | Type::Other))
            .then(|| format!("it is a {}", ty.kind_name())),
        "tensor_view" => (!matches!(ty, Type::TensorView { .. } | Type::Other))
            .then(|| format!("it is a {}", ty.kind_name())),
        "partition_view" | "strided_view" | "gather_scatter_view" => match ty {
            Type::View { kind, .. } if kind.name() == expr => None,
            Type::Other => None,
            _ => Some(format!("it is a {}", ty.kind_name())),
        },
        _ => {
            let (scalar, inner) = if let Some(rest) = expr.strip_prefix("scalar<") {
                (true, rest.strip_suffix('>')?)
            } else {
                (false, expr.strip_prefix("tile<")?.strip_suffix('>')?)
            };
            let Type::Tile { shape, elem } = ty else {
                return (!matches!(ty, Type::Other)).then(|| format!("it is a {}", ty.kind_name()));
            };
            if scalar && !shape.is_empty() {
                return Some(format!(
                    "it has rank {}, a scalar tile has rank 0",
                    shape.len()
                ));
            }
            if inner == "*" {
                return None;
            }
            let element = match elem.as_ref() {
                Type::Ptr(_) => "ptr",
                // An unknown element type is reported once, as an invalid type.
                Type::Elem(e) if is_element(e) => e,
                _ => return None,
            };
            let ok = inner
                .split('|')
                .any(|alt| alt == element || (element == "ptr" && alt.starts_with("ptr")));
            (!ok).then(|| format!("its element type is {element}"))
        }
    }
}
