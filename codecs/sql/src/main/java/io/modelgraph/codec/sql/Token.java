package io.modelgraph.codec.sql;

import java.util.Locale;

/** One lexical unit of a DDL script with where it starts (1-based line and column). */
record Token(Kind kind, String text, int line, int column) {
    enum Kind {
        /** A bare word: keyword or unquoted identifier. */
        WORD,
        /** {@code "x"}, {@code `x`} or {@code [x]}; text is the unquoted name. */
        QUOTED,
        /** {@code 'x'} (also N'x', E'x', $$x$$); text is the value. */
        STRING,
        NUMBER,
        /** Punctuation and operators, one or two characters. */
        SYMBOL
    }

    boolean is(String word) {
        return kind == Kind.WORD && text.equalsIgnoreCase(word);
    }

    boolean isSymbol(String symbol) {
        return kind == Kind.SYMBOL && text.equals(symbol);
    }

    /** A name: a bare word or a quoted identifier. */
    boolean isName() {
        return kind == Kind.WORD || kind == Kind.QUOTED;
    }

    String upper() {
        return text.toUpperCase(Locale.ROOT);
    }

    String where() {
        return "line " + line + ", column " + column;
    }

    /** The token as it would be written back. */
    String source() {
        return switch (kind) {
            case QUOTED -> "\"" + text.replace("\"", "\"\"") + "\"";
            case STRING -> "'" + text.replace("'", "''") + "'";
            default -> text;
        };
    }
}
