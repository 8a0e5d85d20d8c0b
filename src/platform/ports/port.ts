const PORT = Symbol('port');

/** What the boot audit says about a port nobody bound. */
export interface PortDeclaration {
  /** The module that binds an implementation, and its context: `ComplianceModule (compliance)`. */
  implementedBy: string;
}

/**
 * Declares an abstract class a port: a contract one context (or the platform) defines and
 * another context implements. The implementing module binds it as a Nest provider
 * (`{ provide: ThePort, useExisting: TheImplementation }`) and exports it, globally when the
 * consumer cannot import it (it is imported by it); the consumer injects the abstract class.
 * An application that loads a consumer without the implementation does not boot: Nest cannot
 * resolve it, and PortAudit refuses a binding that resolved to nothing. Never a registry that
 * warns and carries on: a payment left unscreened because a module was not imported is worse
 * than a process that does not start.
 *
 *   @Port({ implementedBy: 'ComplianceModule (compliance)' })
 *   export abstract class PaymentScreening { ... }
 */
export function Port(declaration: PortDeclaration): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(PORT, declaration, target);
  };
}

/** The declaration of `token` when it is a port (its own, not one inherited by an implementation). */
export function portDeclaration(token: unknown): PortDeclaration | undefined {
  if (typeof token !== 'function') return undefined;
  return Reflect.getOwnMetadata(PORT, token) as PortDeclaration | undefined;
}
