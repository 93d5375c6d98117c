package dev.perflab.trainer;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The trainer's command line: {@code --app --port --cache --record -- <app command>}. */
record TrainerArguments(String app, int port, Path cache, Path record, List<String> command) {

    private static final Set<String> OPTIONS = Set.of("--app", "--port", "--cache", "--record");
    static final String USAGE = "usage: aot-trainer --app NAME --port PORT --cache FILE --record FILE -- java [flags] -jar APP.jar";

    static TrainerArguments parse(String... args) {
        int separator = Arrays.asList(args).indexOf("--");
        if (separator < 0 || separator == args.length - 1) {
            throw new IllegalArgumentException("no app command after '--'; " + USAGE);
        }
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < separator; i += 2) {
            if (!OPTIONS.contains(args[i]) || i + 1 >= separator) {
                throw new IllegalArgumentException("unexpected argument '" + args[i] + "'; " + USAGE);
            }
            options.put(args[i], args[i + 1]);
        }
        for (String option : OPTIONS) {
            if (!options.containsKey(option)) {
                throw new IllegalArgumentException("missing " + option + "; " + USAGE);
            }
        }
        List<String> command = List.of(args).subList(separator + 1, args.length);
        if (!Path.of(command.getFirst()).getFileName().toString().equals("java")) {
            throw new IllegalArgumentException("the app command must start with java, not '" + command.getFirst() + "'");
        }
        int port;
        try {
            port = Integer.parseInt(options.get("--port"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--port must be a number, not '" + options.get("--port") + "'");
        }
        return new TrainerArguments(options.get("--app"), port, Path.of(options.get("--cache")),
                Path.of(options.get("--record")), command);
    }
}
