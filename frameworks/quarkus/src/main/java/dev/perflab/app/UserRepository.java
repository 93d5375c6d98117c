package dev.perflab.app;

import io.quarkus.hibernate.orm.panache.PanacheRepository;
import jakarta.enterprise.context.ApplicationScoped;

/** Panache's repository over {@link UserEntity}: find, persist, flush and delete by id. */
@ApplicationScoped
class UserRepository implements PanacheRepository<UserEntity> {}
