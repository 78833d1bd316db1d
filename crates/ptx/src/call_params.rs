//! A `call`'s arguments against the callee's parameters (PTX ISA §9.7.12.4, §5.1.6.2): each
//! `.param` argument and return value must have the type, size and alignment of the
//! parameter it stands for, as the callee's declaration or the `.callprototype` of an
//! indirect call declares it. ptxas rejects a call that differs ("Type of argument does not
//! match formal parameter", "Alignment of argument does not match").

use super::ast::{Operand as OperandNode, OperandKind};
use super::declarations::DeclKind;
use super::param_shape::{piece_shape, ParamShape};
use super::rules::operand_type_mismatch;
use super::symbols::SymbolWalker;
use super::type_agreement::kind_and_bits;
use speclint_base::diagnostic::Diagnostic;

/// The pieces of a parenthesized parameter list: `(.param .b32 a, .param .b64 b)`.
fn list_pieces(list: &str) -> Vec<&str> {
    list.split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect()
}

/// The parameters a function header or a prototype declares: the text from just after
/// `.func` / `.callprototype`, `(returns) name (params) …`. Each is None where its shape is
/// not compared.
type Signature = (Vec<Option<ParamShape>>, Vec<Option<ParamShape>>);

fn signature_of(header: &str) -> Option<Signature> {
    let header = header.trim_start();
    let list_at = |text: &str| -> Option<(String, usize)> {
        let text_start = text.len() - text.trim_start().len();
        let text = text.trim_start();
        if !text.starts_with('(') {
            return None;
        }
        let close = text.find(')')?;
        Some((text[1..close].to_string(), text_start + close + 1))
    };
    let (returns, after_returns) = match list_at(header) {
        Some((list, end)) => (list, end),
        None => (String::new(), 0),
    };
    let rest = &header[after_returns..];
    // The name, then the parameter list.
    let leading = rest.len() - rest.trim_start().len();
    let name_end = rest[leading..]
        .find(|c: char| c == '(' || c.is_whitespace())
        .map_or(rest.len(), |i| i + leading);
    let (params, _) = list_at(&rest[name_end..]).unwrap_or_default();
    let shapes = |list: &str| list_pieces(list).into_iter().map(piece_shape).collect();
    Some((shapes(&returns), shapes(&params)))
}

/// The text of a header without comments, up to its body or `;`.
fn header_text(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or("");
        out.push_str(line);
        out.push(' ');
        if line.contains('{') || line.contains(';') {
            break;
        }
    }
    let end = out.find(['{', ';']).unwrap_or(out.len());
    out.truncate(end);
    out
}

/// The callee's signature: a function declared or defined in the module, or the
/// `.callprototype` named by the last operand of an indirect call.
fn callee_signature(
    operands: &[OperandNode],
    symbols: &SymbolWalker,
) -> Option<(usize, Signature)> {
    let source = symbols.source;
    let text = |o: &OperandNode| source.get(o.range.start..o.range.end).unwrap_or("");
    let callee_at = operands
        .iter()
        .position(|o| !matches!(o.kind, OperandKind::List(_)))?;
    let callee = &operands[callee_at];
    let declaration = symbols
        .resolve(text(callee))
        .map(|d| symbols.declaration(d));
    if let Some(function) = declaration.filter(|d| d.kind == DeclKind::Function) {
        let whole = source.get(function.statement_range.start..function.statement_range.end)?;
        let after = whole.find(".func").map(|i| i + ".func".len())?;
        return Some((callee_at, signature_of(&header_text(&whole[after..]))?));
    }
    // An indirect call: `call (r), %rd1, (a), proto;`.
    let prototype = operands.last().filter(|_| operands.len() > callee_at + 1)?;
    let declaration = symbols.declaration(symbols.resolve(text(prototype))?);
    if declaration.label_list.as_deref() != Some(".callprototype") {
        return None;
    }
    let after_label = source.get(declaration.statement_range.end..)?;
    let after = after_label
        .find(".callprototype")
        .map(|i| i + ".callprototype".len())?;
    Some((
        callee_at,
        signature_of(&header_text(&after_label[after..]))?,
    ))
}

/// Each whitespace-separated word with its offset.
fn word_starts(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_whitespace()
        .map(move |w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
}

/// The shape of a `.param` variable declared in the calling function, by name.
fn argument_shape(symbols: &SymbolWalker, declaration: usize) -> Option<ParamShape> {
    let decl = symbols.declaration(declaration);
    if decl.kind != DeclKind::Variable || decl.state_space.as_deref() != Some(".param") {
        return None;
    }
    let statement = symbols
        .source
        .get(decl.statement_range.start..decl.statement_range.end)?;
    let statement = statement.trim_end().trim_end_matches(';');
    // `.param .b32 a, b[4];`: the prefix before the first name applies to every declarator.
    let name_offset = decl
        .name_range
        .start
        .checked_sub(decl.statement_range.start)?;
    let prefix_end = word_starts(statement)
        .find(|&(_, w)| !w.starts_with('.') && w.parse::<u64>().is_err())
        .map(|(at, _)| at)?;
    let own = statement.get(name_offset..)?;
    let own_end = own.find(',').unwrap_or(own.len());
    piece_shape(&format!("{} {}", &statement[..prefix_end], &own[..own_end]))
}

/// PTX011 for each argument or return value whose `.param` does not match the callee's
/// parameter.
pub fn mismatches(operands: &[OperandNode], symbols: &SymbolWalker) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let Some((callee_at, (returns, params))) = callee_signature(operands, symbols) else {
        return found;
    };
    let lists = [
        (callee_at.checked_sub(1), returns, "return parameter"),
        (Some(callee_at + 1), params, "parameter"),
    ];
    for (index, declared, what) in lists {
        let Some(OperandKind::List(items)) = index.and_then(|i| operands.get(i)).map(|o| &o.kind)
        else {
            continue;
        };
        for (position, (item, parameter)) in items.iter().zip(&declared).enumerate() {
            let Some(parameter) = parameter.as_ref().filter(|p| p.in_param_space) else {
                continue;
            };
            let written = symbols
                .source
                .get(item.range.start..item.range.end)
                .unwrap_or("");
            let Some(declaration) = symbols.resolve(written) else {
                continue;
            };
            let decl = symbols.declaration(declaration);
            let found_here = if decl.kind == DeclKind::Register {
                // A register passes a scalar of its own width.
                let Some((_, bits)) = decl
                    .ty
                    .as_deref()
                    .filter(|_| decl.vector.is_none())
                    .and_then(kind_and_bits)
                else {
                    continue;
                };
                operand_type_mismatch::call_register(
                    written, bits, what, position, parameter, item.range,
                )
            } else {
                let Some(argument) = argument_shape(symbols, declaration) else {
                    continue;
                };
                operand_type_mismatch::call_argument(
                    written, &argument, parameter, what, position, item.range,
                )
            };
            found.extend(found_here);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_of_headers_and_prototypes() {
        let (returns, params) =
            signature_of(" (.param .b32 r) f(.param .b32 a, .param .align 8 .b8 b[16])").unwrap();
        assert_eq!((returns.len(), params.len()), (1, 2));
        assert_eq!(params[1].as_ref().unwrap().alignment, 8);
        let (returns, params) = signature_of(" _ (.param .b64 _)").unwrap();
        assert_eq!((returns.len(), params.len()), (0, 1));
        let (returns, params) = signature_of(" f").unwrap();
        assert_eq!((returns.len(), params.len()), (0, 0));
    }
}
