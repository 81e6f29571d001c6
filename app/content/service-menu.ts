interface ServiceItem {
  name: string;
  price: string;
  durationMin: number;
  note?: string;
}

export interface ServiceCategory {
  id: string;
  name: string;
  summary: string;
  description: string;
  details: ServiceItem[];
}

export const serviceCategories: ServiceCategory[] = [
  {
    id: "manicure",
    name: "Manicure",
    summary:
      "Careful shaping, gentle cuticle care, and a flawless polish for clean, healthy-looking hands.",
    description:
      "Every manicure begins with precise shaping and soft, thorough cuticle work before your color goes on. Our spa options add exfoliation, a hydrating mask, and a longer massage for hands that feel as good as they look.",
    details: [
      {
        name: "Reg Mani/Pedi",
        price: "$70",
        durationMin: 75,
        note: "Our classic manicure and classic pedicure, booked together.",
      },
      { name: "Classic Manicure", price: "$35", durationMin: 30 },
      {
        name: "Spa Manicure",
        price: "$50",
        durationMin: 45,
        note: "Includes sugar scrub, hydrating mask, and warm towel wrap.",
      },
      { name: "French Manicure", price: "$42", durationMin: 40 },
      {
        name: "Gentleman's Manicure",
        price: "$35",
        durationMin: 30,
        note: "Shaping, cuticle care, and a buff or matte clear finish.",
      },
    ],
  },
  {
    id: "acrylic",
    name: "Acrylic",
    summary:
      "Durable, sculpted acrylic nails shaped to any length, from soft squoval to long coffin.",
    description:
      "Acrylic is strong, versatile, and an ideal canvas for detailed nail art. Our technicians sculpt each set by hand for a thin, balanced profile that looks refined rather than bulky, and we recommend a fill every two to three weeks.",
    details: [
      { name: "Acrylic Full Set", price: "$65+", durationMin: 75 },
      {
        name: "Acrylic Fill",
        price: "$50+",
        durationMin: 60,
        note: "Recommended every two to three weeks.",
      },
      { name: "Acrylic Full Set with Gel Polish", price: "$75+", durationMin: 90 },
      { name: "Pink & White Full Set", price: "$80+", durationMin: 90 },
      { name: "Acrylic Removal", price: "$20", durationMin: 30 },
    ],
  },
  {
    id: "pedicure",
    name: "Pedicure",
    summary:
      "Restorative pedicures with warm soaks, smoothing treatments, and an unhurried massage.",
    description:
      "Our pedicures combine meticulous nail and callus care with real time to unwind. Each basin is fitted with a fresh disposable liner, and every service ends with a polish finish of your choice.",
    details: [
      { name: "Classic Pedicure", price: "$45", durationMin: 40 },
      {
        name: "Spa Pedicure",
        price: "$60",
        durationMin: 50,
        note: "Adds a sea salt scrub, hydrating mask, and hot towel wrap.",
      },
      {
        name: "Deluxe Pedicure",
        price: "$75",
        durationMin: 65,
        note: "Adds paraffin, hot stones, and an extended foot and calf massage.",
      },
      { name: "Gel Pedicure", price: "$60", durationMin: 55 },
      { name: "Callus Treatment", price: "$15", durationMin: 15, note: "Add to any pedicure." },
    ],
  },
  {
    id: "gel-extension",
    name: "Gel Extension",
    summary: "Lightweight, natural-looking length with Gel-X soft gel tips or sculpted hard gel.",
    description:
      "Gel extensions add length with a lighter, more flexible feel than acrylic. Gel-X soft gel tips are applied in full-cover sets for a seamless shape, while hard gel is sculpted for guests who want maximum strength with a slim profile.",
    details: [
      { name: "Gel-X Full Set", price: "$75+", durationMin: 75 },
      { name: "Gel-X Full Set with French", price: "$85+", durationMin: 90 },
      { name: "Hard Gel Full Set", price: "$85+", durationMin: 90 },
      {
        name: "Hard Gel Fill",
        price: "$60+",
        durationMin: 70,
        note: "Recommended every two to three weeks.",
      },
      { name: "Gel Extension Removal", price: "$20", durationMin: 30 },
    ],
  },
  {
    id: "gel-polish",
    name: "Gel Polish",
    summary:
      "Glossy, chip-resistant color cured under LED light that wears beautifully for two to three weeks.",
    description:
      "Gel polish is cured between coats, so you leave completely dry with a high-shine finish that resists chips. We remove gel gently with a soak rather than scraping, to protect the natural nail underneath.",
    details: [
      { name: "Gel Manicure", price: "$50", durationMin: 45 },
      { name: "Gel Polish Change Hands", price: "$35", durationMin: 30 },
      { name: "Gel Polish Change Toes", price: "$40", durationMin: 30 },
      { name: "Gel French Manicure", price: "$60", durationMin: 55 },
      {
        name: "Gel Removal",
        price: "$15",
        durationMin: 15,
        note: "Complimentary with a new gel service.",
      },
    ],
  },
  {
    id: "dipping",
    name: "Dipping",
    summary:
      "Strong, long-lasting dip powder color that adds strength to natural nails without a lamp.",
    description:
      "Dip powder is built in fine layers and sealed for a durable finish that often lasts three to four weeks. It is a favorite for guests who want extra strength on their natural nails, or length with tips, without a full extension set.",
    details: [
      { name: "Dip Powder Full Set", price: "$55", durationMin: 60, note: "On natural nails." },
      { name: "Dip Powder with Tips", price: "$65+", durationMin: 75 },
      { name: "Dip Powder French or Ombre", price: "$70+", durationMin: 75 },
      { name: "Dip Powder Removal", price: "$15", durationMin: 20 },
    ],
  },
  {
    id: "kids-nails",
    name: "Kids Nails",
    summary: "Gentle, quick, and cheerful nail services sized for guests under twelve.",
    description:
      "Our kids services keep things short, gentle, and fun, with child-friendly polishes and no sharp implements. They are a lovely first salon visit, and a favorite treat for birthdays and family outings.",
    details: [
      { name: "Kids Manicure (under 12)", price: "$20", durationMin: 20 },
      { name: "Kids Pedicure (under 12)", price: "$30", durationMin: 30 },
      { name: "Kids Mani & Pedi (under 12)", price: "$45", durationMin: 50 },
      {
        name: "Kids Polish Change (under 12)",
        price: "$12",
        durationMin: 15,
        note: "Hands or toes.",
      },
    ],
  },
  {
    id: "waxing",
    name: "Waxing",
    summary:
      "Precise, comfortable waxing for brows, face, and body using gentle, skin-soothing wax.",
    description:
      "We use a low-temperature wax suited to sensitive skin and finish every service with a calming lotion. Brows are shaped to suit your features, never to a single template.",
    details: [
      { name: "Eyebrow Wax", price: "$18", durationMin: 15 },
      { name: "Lip Wax", price: "$12", durationMin: 10 },
      { name: "Chin Wax", price: "$14", durationMin: 10 },
      { name: "Underarm Wax", price: "$25", durationMin: 15 },
      { name: "Half Leg", price: "$45", durationMin: 30 },
      { name: "Full Leg", price: "$75", durationMin: 50 },
    ],
  },
  {
    id: "massage",
    name: "Massage",
    summary:
      "Focused massage for hands, feet, neck, and shoulders to release tension and restore calm.",
    description:
      "Our massage services are short, targeted, and easy to pair with any nail appointment. Tell your therapist the pressure you prefer, and they will adjust throughout the session.",
    details: [
      { name: "Hand & Arm Massage", price: "$20", durationMin: 15 },
      { name: "Foot Reflexology", price: "$45", durationMin: 30 },
      { name: "Neck & Shoulder", price: "$35", durationMin: 20 },
      {
        name: "Hot Stone Foot & Calf",
        price: "$55",
        durationMin: 40,
        note: "Warm basalt stones for deep, soothing relief.",
      },
    ],
  },
  {
    id: "add-on-services",
    name: "Add-On Services",
    summary: "Finishing touches and small treatments to personalize any manicure or pedicure.",
    description:
      "Add-ons let you tailor a service to the occasion, from a single accent nail to a full hand-painted design. Most can be added at the start of your appointment, so just let your technician know.",
    details: [
      { name: "Nail Art (per nail)", price: "$5+", durationMin: 10, note: "Priced by detail." },
      { name: "French Tip Add-On", price: "$10", durationMin: 10 },
      { name: "Chrome or Cat-Eye Finish", price: "$15", durationMin: 15 },
      { name: "Paraffin Treatment", price: "$15", durationMin: 15 },
      { name: "Nail Repair (per nail)", price: "$5", durationMin: 10 },
      { name: "Polish Removal", price: "$10", durationMin: 10 },
    ],
  },
];
