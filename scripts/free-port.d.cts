/** A TCP port on 127.0.0.1 nothing listens on right now, below the kernel's ephemeral range, other than those in `avoid`. */
export declare function freePort(avoid?: number[]): Promise<number>;
