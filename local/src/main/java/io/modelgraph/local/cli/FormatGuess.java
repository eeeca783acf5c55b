package io.modelgraph.local.cli;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The format a file is in, from the end of its name, when the command is not told ({@code --from} and the like).
 * Longer endings are tried first, so {@code x.odcs.yaml} is ODCS and {@code x.yaml} LinkML (docs/cli.md
 * "Formats from file names"). Names that end otherwise need the option.
 */
final class FormatGuess {
    private record Ending(String suffix, String format) {
    }

    private static final List<Ending> ENDINGS = List.of(
            new Ending(".odcs.yaml", "odcs"), new Ending(".odcs.yml", "odcs"), new Ending(".odcs.json", "odcs"),
            new Ending(".osi.yaml", "osi"), new Ending(".osi.yml", "osi"), new Ending(".osi.json", "osi-json"),
            new Ending(".jtd.json", "jtd"), new Ending(".owl.ttl", "owl"),
            new Ending(".avsc", "avro"), new Ending(".proto", "protobuf"), new Ending(".jsonld", "jsonld"),
            new Ending(".json", "jsonschema"), new Ending(".sql", "sql"), new Ending(".ddl", "sql"),
            new Ending(".shex", "shex"), new Ending(".owl", "owl"), new Ending(".ttl", "owl"),
            new Ending(".rdf", "owl"), new Ending(".yaml", "linkml"), new Ending(".yml", "linkml"),
            new Ending(".md", "odm"));

    private FormatGuess() {
    }

    static Optional<String> of(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        return ENDINGS.stream().filter(e -> name.endsWith(e.suffix())).map(Ending::format).findFirst();
    }

    /** The endings this class knows, for the usage text. */
    static String known() {
        return String.join(", ", ENDINGS.stream().map(e -> e.suffix() + " " + e.format()).toList());
    }
}
