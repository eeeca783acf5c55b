package io.modelgraph.clientit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;
import org.junit.jupiter.api.Test;
import org.openapitools.codegen.DefaultGenerator;
import org.openapitools.codegen.config.CodegenConfigurator;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A warning of the generator about openapi.yaml fails the build. The Maven plugin only logs them, so this runs
 * the plugin's own generator core (same version) with the configuration read from this module's pom.xml, catches
 * everything its loggers and the OpenAPI parser's say at WARN or above, and allows only the two messages that
 * are about the generator rather than the document (see {@link #NOT_ABOUT_THE_DOCUMENT}).
 */
class GeneratorWarningsTest {
    /**
     * The generator's notice that its OpenAPI 3.1 support is in beta (printed for every 3.1 document), and its
     * normaliser's self-reference check, which looks up the {@code $ref} of every inline array item or oneOf
     * member and logs once that a null reference has no name: it names no schema and changes nothing.
     */
    static final List<String> NOT_ABOUT_THE_DOCUMENT = List.of(
            "OpenAPI 3.1 support is still in beta",
            "Failed to get the schema name: null");

    @Test
    void theGeneratorHasNothingToSayAboutTheDocument() throws Exception {
        Map<String, String> plugin = pluginConfiguration();
        assertEquals("../openapi.yaml", plugin.get("inputSpec").replace("${project.basedir}/", ""),
                "the client is generated from the repository's openapi.yaml");
        List<String> said = new ArrayList<>();
        AbstractAppender capture = new AbstractAppender("generator-warnings", null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                said.add(event.getLevel() + " " + event.getLoggerName() + ": "
                        + event.getMessage().getFormattedMessage());
            }
        };
        capture.start();
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        for (String logger : List.of("org.openapitools", "io.swagger")) {
            LoggerConfig lc = new LoggerConfig(logger, Level.WARN, false);
            lc.addAppender(capture, Level.WARN, null);
            config.addLogger(logger, lc);
        }
        context.updateLoggers();
        Path out = Files.createTempDirectory("client-gen");
        try {
            CodegenConfigurator c = new CodegenConfigurator()
                    .setInputSpec(Path.of("..", "openapi.yaml").toString())
                    .setGeneratorName(plugin.get("generatorName"))
                    .setLibrary(plugin.get("library"))
                    .setApiPackage(plugin.get("apiPackage"))
                    .setModelPackage(plugin.get("modelPackage"))
                    .setInvokerPackage(plugin.get("invokerPackage"))
                    .setValidateSpec(!Boolean.parseBoolean(plugin.get("skipValidateSpec")))
                    .setOutputDir(out.toString());
            plugin.forEach((k, v) -> {
                if (k.startsWith("configOptions.")) {
                    c.addAdditionalProperty(k.substring("configOptions.".length()), v);
                }
            });
            for (String mapping : plugin.getOrDefault("schemaMappings", "").split(",")) {
                if (!mapping.isBlank()) {
                    String[] kv = mapping.trim().split("=", 2);
                    c.addSchemaMapping(kv[0], kv[1]);
                }
            }
            List<java.io.File> files = new DefaultGenerator(false).opts(c.toClientOptInput()).generate();
            assertTrue(files.size() > 50, "generated " + files.size() + " files");
        } finally {
            for (String logger : List.of("org.openapitools", "io.swagger")) {
                config.removeLogger(logger);
            }
            context.updateLoggers();
            try (var walk = Files.walk(out)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
        // the capture works: the beta notice, printed for every 3.1 document, was caught
        assertTrue(said.stream().anyMatch(l -> l.contains(NOT_ABOUT_THE_DOCUMENT.get(0))), "nothing caught: " + said);
        List<String> aboutTheDocument = new ArrayList<>();
        for (String line : said) {
            if (NOT_ABOUT_THE_DOCUMENT.stream().noneMatch(line::contains)) {
                aboutTheDocument.add(line);
            }
        }
        assertTrue(aboutTheDocument.isEmpty(), "the generator warns about openapi.yaml:\n  "
                + String.join("\n  ", aboutTheDocument));
    }

    /** The openapi-generator-maven-plugin execution's settings in pom.xml, configOptions as configOptions.x. */
    static Map<String, String> pluginConfiguration() throws Exception {
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of("pom.xml").toFile());
        Map<String, String> settings = new LinkedHashMap<>();
        var plugins = doc.getElementsByTagName("plugin");
        for (int i = 0; i < plugins.getLength(); i++) {
            Element plugin = (Element) plugins.item(i);
            if (!plugin.getElementsByTagName("artifactId").item(0).getTextContent()
                    .equals("openapi-generator-maven-plugin")) {
                continue;
            }
            Element configuration = (Element) plugin.getElementsByTagName("configuration").item(0);
            for (Node n = configuration.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e) {
                    if (e.getTagName().equals("configOptions")) {
                        for (Node o = e.getFirstChild(); o != null; o = o.getNextSibling()) {
                            if (o instanceof Element option) {
                                settings.put("configOptions." + option.getTagName(), option.getTextContent().trim());
                            }
                        }
                    } else {
                        settings.put(e.getTagName(), e.getTextContent().trim());
                    }
                }
            }
        }
        assertTrue(settings.containsKey("generatorName"), "no openapi-generator-maven-plugin configuration in pom.xml");
        return settings;
    }
}
