//! The client's network address as limits see it: one value per person behind an address, so an IPv6
//! client cannot take a fresh budget from each of the addresses of its /64.

use std::net::{IpAddr, Ipv6Addr};

/// The client's address as rate limits see it (an IPv6 address cut to its /64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

impl ClientAddr {
    pub fn of(ip: IpAddr) -> ClientAddr {
        match ip {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientAddr(IpAddr::V4(v4)),
                None => {
                    let s = v6.segments();
                    ClientAddr(IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0)))
                }
            },
            v4 => ClientAddr(v4),
        }
    }
}
