package io.modelgraph.codec.avro;

import io.modelgraph.codec.CorpusSuite;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The Avro corpus ({@code corpus.dir}/avro): schema, protocol and IDL files; those under {@code invalid/} and
 * the IDL files (not JSON) are expected to be refused. Two schemas name types of another file in their folder:
 * they are decoded as a bundle with that file.
 */
public final class AvroCorpus {
    /** Schema, protocol and IDL files; those under {@code invalid/} and the IDL files are to be refused. */
    public static final CorpusSuite.Descriptor DESCRIPTOR = CorpusSuite.Descriptor.of("avro",
            ".*\\.(avsc|avpr|avdl)$", rel -> ("/" + rel).contains("/invalid/") || rel.endsWith(".avdl"));
    private static final Pattern UNDEFINED = Pattern.compile("Undefined (?:name|schema): \"?([A-Za-z0-9_.]+)");
    private final Path corpus;
    private final AvroCodec codec = new AvroCodec();

    public AvroCorpus(Path corpus) {
        this.corpus = corpus;
    }

    public List<Path> files() throws IOException {
        try (Stream<Path> walk = Files.walk(corpus)) {
            return walk.filter(p -> p.toString().matches(".*\\.(avsc|avpr|avdl)$")).sorted().toList();
        }
    }

    public String relative(Path file) {
        return corpus.relativize(file).toString();
    }

    public boolean expectInvalid(Path file) {
        String rel = relative(file);
        return rel.contains("/invalid/") || rel.endsWith(".avdl");
    }

    public SchemaModel decode(Path f, LossinessLedger ledger) throws SchemaSyntaxException, IOException {
        String text = Files.readString(f);
        try {
            return codec.decode(text, CodecOptions.NONE, ledger);
        } catch (SchemaSyntaxException e) {
            Matcher m = UNDEFINED.matcher(e.getMessage());
            if (!m.find()) {
                throw e;
            }
            String simple = m.group(1).substring(m.group(1).lastIndexOf('.') + 1);
            Map<String, String> bundle = new LinkedHashMap<>();
            bundle.put(f.getFileName().toString(), text);
            try (Stream<Path> siblings = Files.list(f.getParent())) {
                for (Path s : siblings.filter(p -> !p.equals(f) && p.toString().endsWith(".avsc")).sorted().toList()) {
                    String t = Files.readString(s);
                    if (t.matches("(?s).*\"name\"\\s*:\\s*\"([A-Za-z0-9_.]*\\.)?" + simple + "\".*")) {
                        bundle.put(s.getFileName().toString(), t);
                    }
                }
            }
            return codec.decode(new ObjectMapper().writeValueAsString(bundle), CodecOptions.NONE, ledger);
        }
    }
}
