package io.modelgraph.codec.sql;

import java.util.List;

/** One statement of a script, its tokens without the terminator. */
record Statement(List<Token> tokens) {
    Statement {
        tokens = List.copyOf(tokens);
    }

    Token first() {
        return tokens.get(0);
    }

    String where() {
        return first().where();
    }

    /** The leading words, for ledger messages ("CREATE INDEX"). */
    String head(int words) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(words, tokens.size()); i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(tokens.get(i).kind() == Token.Kind.WORD ? tokens.get(i).upper() : tokens.get(i).source());
        }
        return b.toString();
    }
}
