package io.modelgraph.transform;

import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.codec.ParseDeadline;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Decoding and encoding through the registry, with the contract's messages (docs/transform.md "Errors") and the ledger
 * kept on failure. Every decode runs under a wall-clock deadline ({@link #DECODE_MILLIS}): a parser still running then
 * no longer holds the request, which answers 413 naming the limit (docs/reliability.md). Parsers are linear-time, so
 * this is the backstop, not the bound.
 */
final class Conversions {
    /**
     * Well inside the HTTP API's 29 s, leaving the rest of the request room to answer. The environment variable
     * {@code DECODE_DEADLINE_MILLIS} sets another (docs/operations.md, configuration): the conformance runs measure
     * what a conversion keeps, not how fast a loaded build machine is, and give it a minute. The same deadline
     * bounds odm/convert, which reads Markdown without a decoder.
     */
    static final long DECODE_MILLIS = ParseDeadline.configured().millis();

    /**
     * The ShExC reader's message for a document with nothing in it, which the contract answers alone
     * (docs/transform.md "Errors"); the codec is found through its provider, so the text is matched, not linked.
     */
    static final String EMPTY_SHEXC = "The ShExC document is empty.";
    private final CodecRegistry registry;
    private final long decodeMillis;

    Conversions(CodecRegistry registry) {
        this(registry, DECODE_MILLIS);
    }

    /** Conversions whose decodes stop after {@code decodeMillis} (tests use a small bound). */
    Conversions(CodecRegistry registry, long decodeMillis) {
        this.registry = registry;
        this.decodeMillis = decodeMillis;
    }

    /** The configured deadline, or 10 s when it is unset or not a positive number of milliseconds. */
    static long deadline(String configured) {
        return ParseDeadline.of(configured).millis();
    }

    /** The deadline every parse of this instance runs under. */
    ParseDeadline parseDeadline() {
        return new ParseDeadline(decodeMillis);
    }

    CodecRegistry registry() {
        return registry;
    }

    static String key(String format) {
        return format.trim().toLowerCase(Locale.ROOT);
    }

    /** The request's members that {@code key}'s format declares as options (none for an unknown key). */
    CodecOptions options(Fields f, String key) {
        return FormatOptions.read(f, registry.format(key));
    }

    /** Fails unless the key is in the decode set and its codec is available (before any other work). */
    void checkDecodable(String format, String formatPath) {
        decoder(format, formatPath);
    }

    /**
     * An unknown key on the read side answers exactly {@code Unknown schema format '<f>'. Use: <decode set>.}
     * (docs/transform.md "Errors"), nothing added, with the key as the caller spelled it.
     */
    private SchemaDecoder decoder(String format, String formatPath) {
        if (!registry.canDecode(key(format))) {
            throw TransformFailure.of(formatPath, "Unknown schema format '" + format.trim() + "'. Use: "
                    + String.join(", ", registry.decodeFormats()) + ".");
        }
        return registry.decoder(key(format), formatPath);
    }

    void checkEncodable(String format, String formatPath) {
        spelled(format, () -> registry.encoder(key(format), formatPath));
    }

    /**
     * Keys match case-insensitively, but an unknown one is quoted as the caller spelled it ({@code 'YAML'}, not
     * {@code 'yaml'}), so the message points at what was sent.
     */
    private static <T> T spelled(String format, java.util.function.Supplier<T> lookup) {
        try {
            return lookup.get();
        } catch (TransformFailure failure) {
            String sent = format.trim();
            String quoted = "Unknown schema format '" + key(format) + "'";
            ErrorEntry first = failure.errors().isEmpty() ? null : failure.errors().get(0);
            if (sent.equals(key(format)) || first == null || !first.message().startsWith(quoted)) {
                throw failure;
            }
            List<ErrorEntry> errors = new ArrayList<>(failure.errors());
            errors.set(0, new ErrorEntry(first.path(), "Unknown schema format '" + sent + "'"
                    + first.message().substring(quoted.length())));
            throw new TransformFailure(failure.status(), errors, failure.lossiness());
        }
    }

    SchemaModel decode(String format, String formatPath, String text, CodecOptions options, LossinessLedger ledger) {
        String f = key(format);
        SchemaDecoder decoder = decoder(format, formatPath);
        // the decoder writes to its own ledger: one still running after the deadline cannot touch the answer's
        LossinessLedger own = new LossinessLedger();
        try {
            SchemaModel model = parseDeadline().run(() -> decoder.decode(text, options, own));
            ledger.addAll(own.entries());
            return model;
        } catch (ParseDeadline.Exceeded e) {
            throw new TransformFailure(413, List.of(new ErrorEntry("$", "Could not parse the '" + f + "' schema "
                    + "within the decode time limit of " + decodeMillis + " ms; nothing was done. Send it in smaller "
                    + "parts.")), ledger.entries());
        } catch (SchemaSyntaxException syntax) {
            ledger.addAll(own.entries());
            // an empty document is not a parse failure with a reason: its message stands alone
            String message = syntax.getMessage().equals(EMPTY_SHEXC) ? EMPTY_SHEXC
                    : "Could not parse the '" + f + "' schema: " + syntax.getMessage();
            throw new TransformFailure(400, List.of(new ErrorEntry(syntax.path(), message)), ledger.entries());
        } catch (StackOverflowError overflow) {
            ledger.addAll(own.entries());
            // any decoder that recursed on the caller's nesting: the caller's error, not a fault
            throw new TransformFailure(400, List.of(new ErrorEntry("$", "Could not parse the '" + f + "' schema: "
                    + ParserLimits.tooDeep("$").getMessage())), ledger.entries());
        } catch (RuntimeException | Error other) {
            ledger.addAll(own.entries());
            throw other;
        }
    }

    String encode(String format, String formatPath, SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        String key = key(format);
        String text = spelled(format, () -> registry.encoder(key, formatPath)).encode(model, options, ledger);
        // fragments kept verbatim for another format: only that format's encoder writes them
        io.modelgraph.codec.Verbatim.reportForeign(model, key, ledger);
        return text;
    }

    /** Stamps the format as provenance on the model and on every type and taxonomy that has none yet. */
    static SchemaModel stamp(SchemaModel model, String format) {
        String f = key(format);
        List<TypeDef> types = new ArrayList<>(model.types().size());
        for (TypeDef t : model.types()) {
            types.add(t.provenance().format().isEmpty() ? t.toBuilder().provenance(withFormat(t.provenance(), f))
                    .build() : t);
        }
        List<TaxonomyDef> taxonomies = new ArrayList<>(model.taxonomies().size());
        for (TaxonomyDef t : model.taxonomies()) {
            taxonomies.add(t.provenance().format().isEmpty() ? t.toBuilder().provenance(withFormat(t.provenance(), f))
                    .build() : t);
        }
        SchemaModel out = model.toBuilder().types(types).taxonomies(taxonomies).build();
        return out.provenance().format().isEmpty() ? out.toBuilder().provenance(withFormat(out.provenance(), f))
                .build() : out;
    }

    private static Provenance withFormat(Provenance p, String format) {
        return new Provenance(format, p.source(), p.originalName());
    }
}
