package dev.perflab.harness.model;

/**
 * A request in flight, or one branch of it after a fork: which route it follows, how far it has got,
 * and the join that waits for it, if any.
 */
final class RequestBranch {

  /** Where a fork's branches meet: the request goes on when the last of them arrives. */
  static final class Join {

    private int pending;
    private final RequestBranch continuation;

    Join(int branches, RequestBranch continuation) {
      this.pending = branches;
      this.continuation = continuation;
    }

    /** One branch has finished; the branch to carry on with if it was the last, else null. */
    RequestBranch arrive() {
      return --pending == 0 ? continuation : null;
    }
  }

  private final int classIndex;
  private final double startSeconds;
  private final Route route;
  private final Join join;
  private int position;

  RequestBranch(int classIndex, double startSeconds, Route route, Join join) {
    this.classIndex = classIndex;
    this.startSeconds = startSeconds;
    this.route = route;
    this.join = join;
  }

  /** A branch of the same request, started at a fork. */
  RequestBranch branch(Route branchRoute, Join branchJoin) {
    return new RequestBranch(classIndex, startSeconds, branchRoute, branchJoin);
  }

  int classIndex() {
    return classIndex;
  }

  double startSeconds() {
    return startSeconds;
  }

  Join join() {
    return join;
  }

  /** The next step, moving past it; null when the route is done. */
  Route.Step nextStep() {
    return position < route.steps().size() ? route.steps().get(position++) : null;
  }
}
