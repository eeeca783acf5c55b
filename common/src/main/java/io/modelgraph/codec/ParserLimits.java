package io.modelgraph.codec;

/**
 * Bounds every parser honours, so hostile input fails fast instead of exhausting a 1 GB Lambda:
 * input size, nesting depth, YAML aliases, and the number of definitions one document may declare.
 */
public final class ParserLimits {
    /** Largest schema text accepted by any decoder (a request body is capped at 6 MB anyway). */
    public static final int MAX_INPUT_CHARS = 5 * 1024 * 1024;
    public static final int MAX_DEPTH = 128;
    /** YAML alias expansion: SnakeYAML's guard against billion-laughs documents. */
    public static final int MAX_YAML_ALIASES = 50;
    public static final int MAX_DEFINITIONS = 100_000;

    public static void checkSize(String text) throws SchemaSyntaxException {
        if (text.length() > MAX_INPUT_CHARS) {
            throw new SchemaSyntaxException("$", "The document has " + text.length() + " characters; the limit is "
                    + MAX_INPUT_CHARS + ".");
        }
    }

    private ParserLimits() {
    }
}
