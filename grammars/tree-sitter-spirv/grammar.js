/**
 * @file Tree-sitter grammar for SPIR-V assembly, the text form that SPIRV-Tools'
 *       `spirv-dis` writes and `spirv-as` reads
 * @license MIT OR Apache-2.0
 *
 * The node kinds and field names used here are a contract with the analysis
 * core: see NODES.md before renaming anything.
 *
 * The grammar is deliberately permissive: an instruction is an optional
 * `%result =`, an opcode and any sequence of operands. Which operands an
 * opcode takes is the analysis core's business (it has the SPIR-V grammar
 * tables); the parser only has to find instruction boundaries, which it does
 * the way `spirv-as` does: a new instruction starts at a word `Op<Upper>...`
 * or at `%id =`. Line breaks are not significant.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

// `spirv-as` treats a word as an opcode when it starts with `Op` and an
// upper-case letter, so `OpenCL` (a source language and memory model) is an
// enumerant. Opcode tokens get lexical precedence 1 so that `OpFoo`, which
// the enumerant pattern also matches, is an opcode. `OpExtInst` has the same
// precedence as the other opcodes (a higher one would win over the longer
// `OpExtInstImport`), and wins over the opcode pattern as a literal string of
// the same length.
const OPCODE = /Op[A-Z][A-Za-z0-9_]*/;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/;

// The opcodes whose fourth word names an instruction of an extended set.
const EXT_INST_OPCODES = ['OpExtInst', 'OpExtInstWithForwardRefsKHR'];

module.exports = grammar({
  name: 'spirv',

  extras: $ => [/\s/, $.comment],

  // `%a = OpX %b` then `%c`: `%c` is another operand of OpX, or the result of
  // the next instruction when an `=` follows. One token of lookahead more
  // than LR(1) has, so the parser forks for that one token.
  conflicts: $ => [
    [$.instruction],
    [$._extended_instruction_call],
  ],

  rules: {
    source_file: $ => repeat($._instruction),

    // Both shapes are `instruction` nodes; the OpExtInst one has an
    // `extended_instruction` field as well.
    _instruction: $ => choice(
      $.instruction,
      alias($._extended_instruction_call, $.instruction),
    ),

    instruction: $ => choice(
      seq(
        field('result', $.id),
        '=',
        field('opcode', $.opcode),
        repeat(field('operand', $._operand)),
      ),
      seq(
        field('opcode', choice($.opcode, $.raw_word)),
        repeat(field('operand', $._operand)),
      ),
    ),

    // OpExtInst %type %set <instruction> operands... The instruction is a
    // name (`printf`, `sqrt`) or, for a set spirv-dis does not know, a number.
    _extended_instruction_call: $ => seq(
      optional(seq(field('result', $.id), '=')),
      field('opcode', alias(token(prec(1, choice(...EXT_INST_OPCODES))), $.opcode)),
      field('operand', $._operand),
      field('operand', $._operand),
      field('extended_instruction', choice(
        alias(WORD, $.extended_instruction),
        $.integer_literal,
      )),
      repeat(field('operand', $._operand)),
    ),

    _operand: $ => choice(
      $.id,
      $.enumerant,
      $.mask,
      $.integer_literal,
      $.float_literal,
      $.string_literal,
      $.raw_word,
    ),

    opcode: _ => token(prec(1, OPCODE)),

    // `%42`, `%uint`, `%_ptr_CrossWorkgroup_uint`. spirv-as itself accepts
    // only letters, digits and `_`; `.` and `-` are allowed here so that names
    // written by other tools still read as one id.
    id: _ => /%[A-Za-z0-9_.\-]+/,

    // Capabilities, storage classes, decorations, execution models, source
    // languages, `None`, an OpSpecConstantOp opcode name (`IAdd`), ...
    enumerant: _ => WORD,

    // `NotNaN|NotInf`, `Inline|Pure`: no blanks around `|`, as spirv-dis
    // writes them and spirv-as reads them.
    mask: $ => seq(
      $.enumerant,
      repeat1(seq(token.immediate('|'), alias(token.immediate(WORD), $.enumerant))),
    ),

    integer_literal: _ => /[-+]?(0[xX][0-9a-fA-F]+|[0-9]+)/,

    // Decimal (`1.5`, `-2`, `1e-10` is a float, `-2` an integer) and
    // hexadecimal floats (`0x1.8p+1`); spirv-dis writes infinities and NaNs
    // as hexadecimal floats (`0x1p+128`, `-0x1.8p+128`).
    float_literal: _ => token(choice(
      /[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?/,
      /[-+]?[0-9]+[eE][-+]?[0-9]+/,
      /[-+]?0[xX]([0-9a-fA-F]+(\.[0-9a-fA-F]*)?|\.[0-9a-fA-F]+)[pP][-+]?[0-9]+/,
    )),

    // `\"` and `\\` are the escapes spirv-dis writes; a string may span
    // lines (OpSource with the source text).
    string_literal: _ => token(seq('"', repeat(choice(/[^"\\]/, /\\(.|\n)/)), '"')),

    // `!<integer>`: one word, written as is (`!0x00020011 !6` is a whole
    // OpCapability, `OpTypeInt !32 !0` raw operands).
    raw_word: _ => token(seq('!', /0[xX][0-9a-fA-F]+|[0-9]+/)),

    // `; ...` to the end of the line, including spirv-dis' header
    // (`; SPIR-V`, `; Version: 1.0`, `; Generator: ...`, `; Bound: 42`,
    // `; Schema: 0`).
    comment: _ => token(seq(';', /[^\r\n]*/)),
  },
});
