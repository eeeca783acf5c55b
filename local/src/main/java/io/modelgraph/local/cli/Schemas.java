package io.modelgraph.local.cli;

import io.modelgraph.api.TransformFailure;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.codec.InvalidOptionException;
import io.modelgraph.codec.ParseDeadline;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads schema files into the canonical model and writes models out, through the codec registry alone: no server,
 * no stores. Every failure that is the caller's (an unknown format, a file that does not parse, a bad option)
 * becomes a {@link UsageException} naming the file and the place in it.
 */
final class Schemas {
    private static final Pattern LINE = Pattern.compile("\\bline (\\d{1,9})");
    private final CodecRegistry registry;
    /** How long reading one file may take: the service's decode deadline, so a file the routes refuse is refused. */
    private final ParseDeadline parseDeadline;

    Schemas(CodecRegistry registry, ParseDeadline parseDeadline) {
        this.registry = registry;
        this.parseDeadline = parseDeadline;
    }

    CodecRegistry registry() {
        return registry;
    }

    /**
     * The decode format of {@code file}: {@code given} when the command was told (checked against the decode
     * set), else from the file's name. {@code option} names the option that would tell it.
     */
    String decodeFormat(Optional<String> given, String file, String option) throws UsageException {
        String key = given.map(g -> g.trim().toLowerCase(Locale.ROOT)).or(() -> FormatGuess.of(file))
                .orElseThrow(() -> new UsageException("cannot tell the format of '" + file + "' from its name; give "
                        + option + " (one of " + String.join(", ", registry.decodeFormats()) + ")"));
        if (!registry.canDecode(key)) {
            throw new UsageException((given.isPresent() ? option + ": " : "'" + file + "': ") + "'" + key
                    + "' is not a format this build reads. Use: " + String.join(", ", registry.decodeFormats()));
        }
        return key;
    }

    String encodeFormat(String given, String option) throws UsageException {
        String key = given.trim().toLowerCase(Locale.ROOT);
        if (!registry.canEncode(key)) {
            throw new UsageException(option + ": '" + given + "' is not a format this build writes. Use: "
                    + String.join(", ", registry.encodeFormats()));
        }
        return key;
    }

    /** Decodes {@code file} as {@code format}; what the decoder cannot carry goes to {@code ledger}. */
    SchemaModel decode(InputFile file, String format, CodecOptions options, LossinessLedger ledger)
            throws UsageException {
        String text = file.text();
        try {
            var decoder = registry.decoder(format, "format");
            // the decoder writes to its own ledger: one still running after the deadline cannot touch the answer's
            LossinessLedger own = new LossinessLedger();
            SchemaModel model = parseDeadline.run(() -> decoder.decode(text, options, own));
            ledger.addAll(own.entries());
            return model;
        } catch (ParseDeadline.Exceeded e) {
            throw new UsageException(file.name() + ": could not parse the '" + format + "' schema within the decode "
                    + "time limit of " + e.millis() + " ms (" + ParseDeadline.ENV + " sets another)", file.name(), 0);
        } catch (SchemaSyntaxException e) {
            throw new UsageException(file.name() + ": " + e.path() + ": could not parse the '" + format
                    + "' schema: " + e.getMessage(), file.name(), line(e.path()));
        } catch (StackOverflowError e) {
            // a recursive parser ran out of stack on the file's nesting: the file's problem, not the tool's
            throw new UsageException(file.name() + ": could not parse the '" + format + "' schema: "
                    + ParserLimits.tooDeep("$").getMessage(), file.name(), 0);
        } catch (InvalidOptionException e) {
            throw new UsageException("--" + e.path() + ": " + e.getMessage());
        } catch (TransformFailure e) {
            throw new UsageException(file.name() + ": " + message(e), file.name(), 0);
        }
    }

    String encode(SchemaModel model, String format, CodecOptions options, LossinessLedger ledger)
            throws UsageException {
        try {
            String text = registry.encoder(format, "to").encode(model, options, ledger);
            io.modelgraph.codec.Verbatim.reportForeign(model, format, ledger);
            return text;
        } catch (InvalidOptionException e) {
            throw new UsageException("--" + e.path() + ": " + e.getMessage());
        } catch (io.modelgraph.codec.UnrepresentableModelException e) {
            // the target format has no form for this model (a 422 on the routes): the input's problem
            throw new UsageException("--to " + format + ": " + e.path() + ": " + e.getMessage());
        } catch (TransformFailure e) {
            throw new UsageException("--to " + format + ": " + message(e));
        }
    }

    private static String message(TransformFailure e) {
        return e.errors().isEmpty() ? e.getMessage() : e.errors().get(0).message();
    }

    /** The line a parser's place names ({@code line 3, column 7}), or 0. */
    static int line(String place) {
        Matcher m = LINE.matcher(place);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }
}
