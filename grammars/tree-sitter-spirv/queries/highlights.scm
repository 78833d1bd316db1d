; Comments (the spirv-dis header `; SPIR-V`, `; Version: 1.0`, ... included) and literals
(comment) @comment
(string_literal) @string
(integer_literal) @number
(float_literal) @number.float
(raw_word) @number

; Instructions
(opcode) @function.builtin
(extended_instruction) @function.builtin

; Operands
(enumerant) @constant.builtin
(id) @variable

; Punctuation
["=" "|"] @operator
