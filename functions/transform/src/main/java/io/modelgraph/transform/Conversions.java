package io.modelgraph.transform;

import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CodecRegistry;
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

/** Decoding and encoding through the registry, with the seed's messages and the ledger kept on failure. */
final class Conversions {
    /**
     * The ShExC reader's message for a document with nothing in it, which the contract answers alone
     * (docs/transform.md "Errors"); the codec is found through its provider, so the text is matched, not linked.
     */
    static final String EMPTY_SHEXC = "The ShExC document is empty.";
    private final CodecRegistry registry;

    Conversions(CodecRegistry registry) {
        this.registry = registry;
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
        try {
            return decoder.decode(text, options, ledger);
        } catch (SchemaSyntaxException e) {
            // an empty document is not a parse failure with a reason: its message stands alone
            String message = e.getMessage().equals(EMPTY_SHEXC) ? EMPTY_SHEXC
                    : "Could not parse the '" + f + "' schema: " + e.getMessage();
            throw new TransformFailure(400, List.of(new ErrorEntry(e.path(), message)), ledger.entries());
        } catch (StackOverflowError e) {
            // any decoder that recursed on the caller's nesting: the caller's error, not a fault
            throw new TransformFailure(400, List.of(new ErrorEntry("$", "Could not parse the '" + f + "' schema: "
                    + ParserLimits.tooDeep("$").getMessage())), ledger.entries());
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
            types.add(t.provenance().format().isEmpty() ? t.withProvenance(withFormat(t.provenance(), f)) : t);
        }
        List<TaxonomyDef> taxonomies = new ArrayList<>(model.taxonomies().size());
        for (TaxonomyDef t : model.taxonomies()) {
            taxonomies.add(t.provenance().format().isEmpty() ? t.withProvenance(withFormat(t.provenance(), f)) : t);
        }
        SchemaModel out = model.withTypes(types).withTaxonomies(taxonomies);
        return out.provenance().format().isEmpty() ? out.withProvenance(withFormat(out.provenance(), f)) : out;
    }

    private static Provenance withFormat(Provenance p, String format) {
        return new Provenance(format, p.source(), p.originalName());
    }
}
