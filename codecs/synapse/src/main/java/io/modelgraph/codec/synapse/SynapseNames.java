package io.modelgraph.codec.synapse;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.InvalidOptionException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Synapse's naming rules for registered schemas, as this service applies them (docs/formats/synapse.md): an organization
 * name is 6 to 250 characters of dot-separated parts, each a letter followed by letters and digits; a schema name
 * is 1 to 250 characters of the same kind of parts; a version is {@code major.minor.patch}. A registered schema's
 * {@code $id} is {@code <organization>-<schemaName>[-<version>]}.
 */
record SynapseNames(String organization, String prefix, Optional<String> version) {
    static final String ORGANIZATION = "synapseOrganization";
    static final String SCHEMA_NAME = "synapseSchemaName";
    static final String SCHEMA_VERSION = "synapseSchemaVersion";
    static final String DEFAULT_ORGANIZATION = "modelgraph";
    private static final Pattern DOTTED = Pattern.compile("[A-Za-z][A-Za-z0-9]*(\\.[A-Za-z][A-Za-z0-9]*)*");
    private static final Pattern PART = Pattern.compile("[A-Za-z][A-Za-z0-9]*");
    private static final Pattern SEMVER = Pattern.compile("(0|[1-9][0-9]{0,8})\\.(0|[1-9][0-9]{0,8})\\.(0|[1-9][0-9]{0,8})");

    /** Reads and checks the options; a bad value is a logical error naming its key. */
    static SynapseNames from(CodecOptions options, String modelName) {
        String organization = options.get(ORGANIZATION).orElse(DEFAULT_ORGANIZATION);
        if (organization.length() < 6 || organization.length() > 250 || !DOTTED.matcher(organization).matches()) {
            throw new InvalidOptionException(ORGANIZATION, "'" + organization + "' is not a Synapse organization name: 6 to"
                    + " 250 characters of dot-separated parts, each a letter followed by letters and digits (such as"
                    + " 'my.lab').");
        }
        String prefix = options.get(SCHEMA_NAME).orElse(part(modelName));
        if (prefix.length() > 200 || !DOTTED.matcher(prefix).matches()) {
            throw new InvalidOptionException(SCHEMA_NAME, "'" + prefix + "' is not a Synapse schema name: dot-separated"
                    + " parts, each a letter followed by letters and digits (such as 'clinical.visit').");
        }
        Optional<String> version = options.get(SCHEMA_VERSION);
        if (version.isPresent() && !SEMVER.matcher(version.get()).matches()) {
            throw new InvalidOptionException(SCHEMA_VERSION, "'" + version.get() + "' is not a semantic version"
                    + " major.minor.patch (such as '1.0.0').");
        }
        return new SynapseNames(organization, prefix, version);
    }

    /** The registered id of one schema of the bundle. */
    String id(String part) {
        return organization + "-" + prefix + "." + part + version.map(v -> "-" + v).orElse("");
    }

    static boolean isPart(String name) {
        return PART.matcher(name).matches();
    }

    /** A name made a valid part: other characters dropped, the letter after them upper-cased. */
    static String part(String name) {
        StringBuilder out = new StringBuilder();
        boolean upper = false;
        for (char c : name.toCharArray()) {
            boolean ascii = c < 128 && Character.isLetterOrDigit(c);
            if (!ascii) {
                upper = out.length() > 0;
                continue;
            }
            if (out.length() == 0 && !Character.isLetter(c)) {
                out.append('x');
            }
            out.append(upper ? Character.toUpperCase(c) : c);
            upper = false;
        }
        return out.length() == 0 ? "schema" : out.toString();
    }
}
