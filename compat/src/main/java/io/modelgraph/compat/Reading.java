package io.modelgraph.compat;

import io.modelgraph.schema.SchemaModel;
import java.util.Objects;

/**
 * One direction of a comparison: a reader holding {@link #reader()} reads data written with {@link #writer()}.
 * Under BACKWARD the writer is the base; under FORWARD the candidate; FULL runs both. Rules report in writer and
 * reader terms; {@link #finding} turns those into base and candidate paths.
 */
public final class Reading {
    private final SchemaModel writer;
    private final SchemaModel reader;
    private final boolean writerIsBase;
    private final String consumer;
    private final CompareOptions options;
    private Matching matching;

    public Reading(SchemaModel writer, SchemaModel reader, boolean writerIsBase, String consumer) {
        this(writer, reader, writerIsBase, consumer, CompareOptions.DEFAULTS);
    }

    public Reading(SchemaModel writer, SchemaModel reader, boolean writerIsBase, String consumer,
            CompareOptions options) {
        this.writer = Objects.requireNonNull(writer, "writer");
        this.reader = Objects.requireNonNull(reader, "reader");
        this.writerIsBase = writerIsBase;
        this.consumer = Objects.requireNonNull(consumer, "consumer");
        this.options = Objects.requireNonNull(options, "options");
    }

    /** A direction whose matching is already built (one per direction, shared by every consumer). */
    public Reading(Matching matching, SchemaModel writer, SchemaModel reader, boolean writerIsBase,
            String consumer, CompareOptions options) {
        this(writer, reader, writerIsBase, consumer, options);
        this.matching = Objects.requireNonNull(matching, "matching");
    }

    public SchemaModel writer() {
        return writer;
    }

    public SchemaModel reader() {
        return reader;
    }

    /** True under BACKWARD: the base wrote the data, the candidate reads it. */
    public boolean writerIsBase() {
        return writerIsBase;
    }

    public String consumer() {
        return consumer;
    }

    /** How the comparison reads what the schemas leave open. */
    public CompareOptions options() {
        return options;
    }

    /** Which types, taxonomies and elements of the writer the reader takes for its own (built once). */
    public Matching matching() {
        if (matching == null) {
            matching = new Matching(writer, reader);
        }
        return matching;
    }

    /** A finding at {@code writerPath} in the writer and {@code readerPath} in the reader. */
    public Finding finding(String rule, Severity severity, String writerPath, String readerPath, String message) {
        return writerIsBase
                ? new Finding(rule, severity, consumer, writerPath, readerPath, message + suffix())
                : new Finding(rule, severity, consumer, readerPath, writerPath, message + suffix());
    }

    private String suffix() {
        return writerIsBase ? " (readers of the new schema reading old data)"
                : " (readers of the old schema reading new data)";
    }
}
