package dev.perflab.trainer;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The fixed set of requests every AOT training run sends, the same for every framework: each
 * endpoint of contracts v1 to v4 on its success path and on each kind of error, so the cache holds the
 * classes (and JIT profiles) of everything the perf runs and the parity test exercise. The set
 * is repeated {@link #ROUNDS} times: the JDK records method profiles only for code that ran
 * often enough to be worth compiling.
 */
final class TrainingWorkload {

    static final int ROUNDS = 20;
    private static final String JSON = "application/json";

    /**
     * The service-node spec the app is trained with (contract v4's NODE_SPEC): a leaf, a call in
     * sequence after a short wait and calls in parallel, all to the app itself ("localhost" on
     * the contract's port, 8080, which every Dockerfile.aot trains on), so that the cache holds a
     * node's HTTP client as well as its server side.
     */
    static final String NODE_SPEC = "{\"service\":\"trainee\",\"unitIterations\":100,\"types\":{"
            + "\"leaf\":{\"workUnits\":2},"
            + "\"chain\":{\"workUnits\":1,\"delayMs\":1,\"calls\":[{\"service\":\"localhost\",\"type\":\"leaf\"}]},"
            + "\"fan\":{\"workUnits\":1,\"parallel\":true,\"calls\":[{\"service\":\"localhost\",\"type\":\"leaf\"},"
            + "{\"service\":\"localhost\",\"type\":\"chain\"}]}}}";

    private TrainingWorkload() {
    }

    /**
     * Round {@code r}: every contract endpoint, on its success path and on each kind of error.
     * {@code {id}} stands for the user the round created; the round deletes it again.
     */
    static List<TrainingRequest> round(int r) {
        List<TrainingRequest> requests = new ArrayList<>();
        requests.add(TrainingRequest.get("/hello", 200));
        requests.add(TrainingRequest.get("/cpu?iterations=1000", 200));
        for (String algorithm : List.of("quicksort", "mergesort", "heapsort")) {
            for (String order : List.of("asc", "desc")) {
                requests.add(TrainingRequest.post("/sort", JSON, sortBody(algorithm, order, 200), 200));
            }
        }
        requests.add(TrainingRequest.get("/io?delayMs=0", 200));
        requests.add(TrainingRequest.get("/cpu", 400));
        requests.add(TrainingRequest.get("/cpu?iterations=x", 400));
        requests.add(TrainingRequest.get("/io?delayMs=-1", 400));
        requests.add(TrainingRequest.post("/sort", JSON, "{\"algorithm\":\"bogosort\",\"values\":[2,1]}", 400));
        requests.add(TrainingRequest.post("/sort", JSON, "{\"algorithm\":", 400));
        requests.add(TrainingRequest.post("/sort", "text/plain", "[2,1]", 415));
        requests.add(TrainingRequest.get("/no-such-path", 404));
        requests.add(TrainingRequest.post("/hello", JSON, "{}", 405));
        String user = "{\"name\":\"Trainee " + r + "\",\"email\":\"trainee-" + r + "@example.com\"}";
        requests.add(TrainingRequest.post("/users", JSON, user, 201));
        requests.add(TrainingRequest.get("/users/{id}", 200));
        requests.add(TrainingRequest.put("/users/{id}", JSON, user.replace("Trainee", "Renamed trainee"), 200));
        requests.add(TrainingRequest.post("/users", JSON, user, 409));
        requests.add(TrainingRequest.post("/users", JSON, "{\"name\":\" \",\"email\":\"x\"}", 400));
        requests.add(TrainingRequest.get("/users/not-a-number", 400));
        requests.add(TrainingRequest.delete("/users/{id}", 204));
        requests.add(TrainingRequest.get("/users/{id}", 404));
        requests.add(TrainingRequest.get("/stream?events=3&intervalMs=0", 200));
        requests.add(TrainingRequest.get("/stream?events=0&intervalMs=0", 400));
        requests.add(TrainingRequest.get("/blob?bytes=1000003", 200));
        requests.add(TrainingRequest.get("/blob?bytes=-1", 400));
        requests.add(TrainingRequest.get("/node/leaf", 200));
        requests.add(TrainingRequest.get("/node/chain", 200));
        requests.add(TrainingRequest.get("/node/fan", 200));
        requests.add(TrainingRequest.get("/node/nope", 400));
        return List.copyOf(requests);
    }

    /** {@link #ROUNDS} rounds, in order. */
    static List<TrainingRequest> all() {
        return IntStream.range(0, ROUNDS).boxed().flatMap(r -> round(r).stream()).toList();
    }

    /** A deterministic descending run of {@code size} values: real work for every algorithm. */
    static String sortBody(String algorithm, String order, int size) {
        String values = IntStream.range(0, size)
                .map(i -> (i * 7919) % size)
                .mapToObj(Integer::toString)
                .collect(Collectors.joining(","));
        return "{\"algorithm\":\"" + algorithm + "\",\"order\":\"" + order + "\",\"values\":[" + values + "]}";
    }
}
