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

    /**
     * A recursive parser ran out of stack on the caller's text (commonmark recurses per nested emphasis run,
     * JSON-LD processing per nested array). The caller's input caused it, so it is the caller's error, named
     * with the place of the input; the thread's stack has unwound by the time this is built.
     */
    public static SchemaSyntaxException tooDeep(String path) {
        return new SchemaSyntaxException(path, TOO_DEEP + " (more than the parser's stack allows); reduce its "
                + "nesting of emphasis, lists, quotes, arrays or objects.");
    }

    /** The start of every message built by {@link #tooDeep}: tests and callers recognise it. */
    public static final String TOO_DEEP = "The document is nested too deeply to read";

    private ParserLimits() {
    }
}
